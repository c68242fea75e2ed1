/** The signed-in manager of a protected request. */
export interface AuthenticatedManager {
  id: number;
  uuid: string;
  email: string;
  firstName: string;
  lastName: string;
  /** The token's users.token_version (a password change moves the user's on). */
  tokenVersion: number;
  /** When the bearer token expires: a live stream it opened ends then. */
  sessionExpiresAt: Date;
  /**
   * The bearer token's own id: a logout revokes it
   * (docs/decisions/040-logout-ends-the-session-s-token.md).
   */
  tokenId: string;
}
