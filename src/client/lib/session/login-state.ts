/**
 * `location.state` of a visit to `/login`: the route guard asks the sign-in page to start the
 * sign-in at once (`signIn`), or the page itself carries why a sign-in failed (`signInError`).
 */
export type LoginLocationState = { signIn?: boolean; signInError?: string };
