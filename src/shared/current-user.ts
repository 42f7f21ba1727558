// The signed-in user as the server carries it on a request and the client shows it (spec §3 'Current user'); the auth
// module's `currentUserSchema` answers exactly this shape.
export interface CurrentUser {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  profileImageUrl: string | null;
  /** The worker this login belongs to (the shop-floor terminal books time to the worker). */
  workerId: number | null;
}

/** One route of the signed-in user's accessible menu (spec §6): may the user see it, and may they change things. */
export interface MenuAccess {
  route: string;
  canView: boolean;
  canAccess: boolean;
}
