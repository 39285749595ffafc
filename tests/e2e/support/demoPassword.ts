/**
 * The password the e2e portal gives its demo accounts, passed to the seed explicitly: the portal itself gives
 * every install random ones (issue 12), so this one exists only in the e2e's throwaway database.
 */
export const E2E_DEMO_PASSWORD = 'demo-e2e-senha-conhecida';
