// Architecture rules of client/ (owned by the client restructure). Exported as flat-config objects.
export const clientBoundaries = [];
