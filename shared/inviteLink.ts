/**
 * The addresses that bring people into a team (docs/product.md §13). `/equipe?convite=<token>` is a team's invitation
 * link; `/equipe?convite-email=<token>` is the personal link of an e-mail invitation. The page reads the token and
 * asks before it acts (a GET never joins anyone: mail scanners and link previews follow links).
 */
export const INVITE_LINK_PARAM = 'convite';
export const EMAIL_INVITATION_PARAM = 'convite-email';
export const TEAM_INVITE_PATH = '/equipe';

/** How long a new invitation link works unless the leader says otherwise, and at most (days). */
export const INVITE_LINK_DEFAULT_DAYS = 14;
export const INVITE_LINK_MAX_DAYS = 90;
