import type { InvitedPerson } from '../../../shared/schemas/invitations.ts';

const EMAIL = /[^\s<>,;"']+@[^\s<>,;"']+\.[^\s<>,;"']+/u;

/**
 * People typed or pasted one a line — `Ana Souza, ana@igreja.org`, `Ana Souza <ana@igreja.org>`, or two columns
 * copied from a spreadsheet (tab) — into names and e-mails; each line without an e-mail is a problem (its number).
 * The API checks each address again.
 */
export function parsePeople(text: string): { people: InvitedPerson[]; problems: string[] } {
  const people: InvitedPerson[] = [];
  const problems: string[] = [];
  text.split(/\r?\n/u).forEach((line, index) => {
    if (line.trim() === '') return;
    const email = EMAIL.exec(line)?.[0];
    if (!email) {
      problems.push(`Linha ${index + 1}: informe o e-mail.`);
      return;
    }
    const name = line
      .replace(email, ' ')
      .replace(/[<>,;\t"]/gu, ' ')
      .replace(/\s+/gu, ' ')
      .trim();
    people.push({ name: name || email.split('@')[0]!, email: email.toLowerCase() });
  });
  return { people, problems };
}
