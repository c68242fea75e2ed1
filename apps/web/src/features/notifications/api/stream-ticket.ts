import { apiPaths } from '@fd/contract';
import { api } from '#/lib/api-client.ts';

/**
 * `POST notifications/stream/ticket/` with the bearer token → a single-use ticket that opens
 * the live stream (decision 27): EventSource cannot send an Authorization header.
 */
export async function getStreamTicket(): Promise<string> {
  const answer = await api.post(apiPaths.notifications.streamTicket, undefined, {
    schema: async () => (await import('./response-schemas.ts')).streamTicketResponseSchema,
  });
  return answer.data.ticket;
}
