/** What others use of the manage feature (features/README.md). */
export { manageRoutes } from './manage.routes.ts';
export { isFeedbackAttachment } from './feedback.queries.ts';
