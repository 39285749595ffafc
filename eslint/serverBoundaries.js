// Architecture rules of server/ (owned by the server restructure). Exported as flat-config objects.
export const serverBoundaries = [];
