/** The signed-in staff member, loaded fresh from the database on every request. */
export type AuthUser = {
  id: number;
  username: string;
  displayName: string;
  email: string;
  roleName: string;
  permissions: string[];
  /** The refresh-token family of the session the request came from. */
  sessionFamily?: string;
};
