// What other resources may use of audit, the owner of the `audit_log` table (server/README.md): the one way to
// append an entry, in the caller's transaction.
export { recordAudit, type AuditEntry } from './recordAudit.ts';
export { auditEntriesAbout, type AuditEntryAbout } from './auditEntriesAbout.ts';
