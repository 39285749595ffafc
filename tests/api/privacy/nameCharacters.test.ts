import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../support/apiAssertions.ts';
import { uniqueEmail } from '../../support/authAgent.ts';
import { testDatabases } from '../../support/testDatabases.ts';
import { createNetworkEvent, networkWorld, type NetworkWorld } from '../network/networkWorld.ts';

/**
 * Issue 25, attack item 9: no name the API takes may hold a line break, a bidirectional control, a C0/C1
 * control, or nothing visible — they went on into e-mails and WhatsApp texts as fake instructions. One rule
 * (shared/schemas/names.ts) for every name; the 400 names the field in pt-BR.
 */
const REFUSED: Array<[string, string]> = [
  ['line separator U+2028', '*URGENTE* Pix\u2028\u2028Mande R$ 500'],
  ['paragraph separator U+2029', 'Ana\u2029Souza'],
  ['CR LF', 'Louvor\r\nPIX: 123'],
  ['LF', 'Louvor\nExtra'],
  ['TAB', 'Ana\tSouza'],
  ['ESC', 'Culto\u001b[31m'],
  ['BEL', 'Culto\u0007'],
  ['DEL', 'Ana\u007fSouza'],
  ['C1 NEL U+0085', 'Ana\u0085Souza'],
  ['C1 CSI U+009B', 'Ana\u009b31m'],
  ['RLO U+202E alone', '\u202e'],
  ['LRE U+202A', 'Ana\u202aSouza'],
  ['PDF U+202C', 'Ana\u202cSouza'],
  ['RLI U+2067', 'Ana\u2067moc.liame\u2069'],
  ['FSI U+2068', 'Ana\u2068Souza'],
  ['LRM U+200E', 'Ana\u200eSouza'],
  ['RLM U+200F', 'Ana\u200fSouza'],
  ['ALM U+061C', 'Ana\u061cSouza'],
  ['only a zero-width space', '\u200b'],
  ['only Hangul fillers', '\u3164\u3164'],
  ['only the blank Braille pattern', '\u2800'],
  ['only a combining accent', '\u0301'],
  ['only a soft hyphen', '\u00ad'],
];

const ACCEPTED = ["João d'Ávila-Souza", 'Mídia & Comunicação (2º culto)', 'محمد علي', '🙏 Intercessão', 'Família 👨‍👩‍👧'];

describe.each(testDatabases)('names hold only printable text on $name', ({ open }) => {
  let w: NetworkWorld;
  let eventId: number;
  beforeAll(async () => {
    w = await networkWorld(open, { REGISTRATIONS_PER_HOUR: '100000' });
    eventId = await createNetworkEvent(w.admin.agent, { datetime: '2030-05-10T19:00' });
  });
  afterAll(async () => {
    await w?.t.database.dispose();
  });

  /** Each name the API takes: the request, the field the 400 names, and how its message starts. */
  const NAMES: Array<{ what: string; field: string; label: string; send: (name: string) => request.Test }> = [
    { what: 'a user at registration', field: 'name', label: 'O nome (não|precisa)', send: (name) => request(w.t.app).post('/api/auth/register').send({ name, email: uniqueEmail('nome'), password: 'pao-de-queijo-com-cafe-42' }) },
    { what: 'a church', field: 'name', label: 'O nome da igreja', send: (name) => w.admin.agent.post('/api/churches').send({ name }) },
    { what: 'a church’s city', field: 'city', label: 'A cidade', send: (city) => w.admin.agent.post('/api/churches').send({ name: `Igreja ${Math.random()}`, city }) },
    { what: 'a department', field: 'name', label: 'O nome do departamento', send: (name) => w.admin.agent.post('/api/departments').send({ name }) },
    { what: 'a position', field: 'name', label: 'O nome da função', send: (name) => w.admin.agent.post(`/api/departments/${w.louvor}/positions`).send({ name }) },
    { what: 'an event type', field: 'name', label: 'O nome do tipo de evento', send: (name) => w.admin.agent.post('/api/event-types').send({ name }) },
    { what: 'an event title', field: 'title', label: 'O título', send: (title) => w.admin.agent.post('/api/events').send({ datetime: '2030-05-11T19:00', event_type_id: null, title }) },
    { what: 'an event place', field: 'location', label: 'O local', send: (location) => w.admin.agent.post('/api/events').send({ datetime: '2030-05-11T19:00', event_type_id: null, location }) },
    { what: 'an event title changed', field: 'title', label: 'O título', send: (title) => w.admin.agent.patch(`/api/events/${eventId}`).send({ title }) },
  ];

  const storedCounts = async () => {
    const { db } = w.t.database;
    const count = async (table: 'users' | 'churches' | 'departments' | 'positions' | 'event_types' | 'events') =>
      Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n);
    return Promise.all([count('users'), count('churches'), count('departments'), count('positions'), count('event_types'), count('events')]);
  };

  it.each(NAMES)('$what: each class of control, and no visible character, is 400 naming the field; nothing is stored', async ({ field, label, send }) => {
    const before = await storedCounts();
    for (const [kind, name] of REFUSED) {
      const res = await send(name);
      expectApiError(res, 400, 'invalid_request');
      const message = (res.body.error.fields as Record<string, string>)[field];
      expect(message, `${kind}: ${JSON.stringify(res.body)}`).toMatch(new RegExp(`^${label}`));
      expect(message).toMatch(/quebras de linha|visível/);
    }
    expect(await storedCounts()).toEqual(before);
    const title = await w.t.database.db.selectFrom('events').select('title').where('id', '=', eventId).executeTakeFirstOrThrow();
    expect(title.title).toBeNull();
  });

  it.each(NAMES)('$what: accented, punctuated, right-to-left and emoji names are accepted', async ({ send }) => {
    for (const name of ACCEPTED) {
      const res = await send(name);
      expect(res.status, `${name}: ${res.text}`).toBeLessThan(300);
    }
  });

  it('the description keeps its line breaks; a tab or line break pasted at either end is trimmed; a blank name still says what is missing', async () => {
    const pasted = await w.admin.agent.post('/api/churches').send({ name: '\tIgreja Colada\r\n' });
    expect(pasted.status, pasted.text).toBe(201);
    expect(pasted.body.name).toBe('Igreja Colada');
    const res = await w.admin.agent.post('/api/events').send({ datetime: '2030-05-12T19:00', event_type_id: null, description: 'Louvor às 19h.\nCeia às 20h.' });
    expect(res.status, res.text).toBe(201);
    expect(res.body.description).toBe('Louvor às 19h.\nCeia às 20h.');
    const blank = await w.admin.agent.post('/api/churches').send({ name: '   ' });
    expectApiError(blank, 400, 'invalid_request');
    expect(blank.body.error.fields).toEqual({ name: 'Informe o nome da igreja.' });
  });
});
