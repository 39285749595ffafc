import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM_IMPORT_MAX_BYTES } from '../../../shared/schemas/teamImport.ts';
import { expectApiError } from '../../support/apiAssertions.ts';
import { testDatabases } from '../../support/testDatabases.ts';
import { networkWorld, type NetworkWorld } from '../network/networkWorld.ts';
import { postImport, writtenCounts } from './importCalls.ts';

/**
 * docs/product.md §13 and §4: what the import reads — the encodings and delimiters pt-BR spreadsheets are written
 * in, quoted cells and the line numbers around them, the 2 MB limit, a file that is not an import — who may import
 * where, and the CSRF rule that lets text/csv through on this one call only.
 */
describe.each(testDatabases)('the import file, its limits and its guards on $name', ({ open }) => {
  let w: NetworkWorld;

  beforeAll(async () => {
    w = await networkWorld(open);
    await w.admin.agent.post('/api/churches').send({ name: 'Igreja da Conceição' }).expect(201);
    await w.admin.agent.post(`/api/departments/${w.louvor}/positions`).send({ name: 'Violão' }).expect(201);
  });
  afterAll(async () => {
    await w?.t.database.dispose();
  });

  it('reads Windows-1252 with semicolons, as Excel in pt-BR saves "CSV", accents and all', async () => {
    const text = ['Nome;E-mail;Igreja;Departamento;Telefone;Funções', 'João Conceição;joao@w1252.test;IGREJA DA CONCEICAO;louvor;(11) 98765-4321;Violão|vocal', 'Zé;ze@w1252.test;Igreja da Conceição;Louvor;;Violao e Voz'].join('\r\n');
    const bytes = Buffer.from(text, 'latin1');
    expect(bytes.includes(Buffer.from('ã', 'utf8'))).toBe(false);
    const res = await postImport(w.admin.agent, bytes, { dryRun: true });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      rows: [
        { line: 2, email: 'joao@w1252.test', action: 'invite', errors: [] },
        {
          line: 3,
          email: 'ze@w1252.test',
          action: 'none',
          errors: [{ code: 'unknown_position', message: 'Função «Violao e Voz» não existe em Louvor; cadastre-a em Gestão da rede ou corrija o nome.' }],
        },
      ],
      summary: { invite: 1, add: 0, none: 0, errors: 1 },
    });
  });

  it('reads UTF-8 with a BOM (Excel\'s "CSV UTF-8"), the BOM not taken into the first column\'s name', async () => {
    const text = '\uFEFFnome,email,igreja,departamento\r\nAna Conceição,ana@bom.test,Igreja A,Louvor\r\n';
    const res = await postImport(w.admin.agent, Buffer.from(text, 'utf8'), { dryRun: true });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ rows: [{ line: 2, email: 'ana@bom.test', action: 'invite', errors: [] }], summary: { invite: 1, add: 0, none: 0, errors: 0 } });
  });

  it('gives the line a row starts on when quoted cells hold commas and line breaks', async () => {
    const text = [
      'nome,email,igreja,departamento,funcoes',
      '"Lima, Ana",ana@quoted.test,Igreja A,Louvor,Vocal',
      '"Bruno',
      'de Souza",bruno@quoted.test,Igreja A,Louvor,"Vocal|',
      'Bateria"',
      '',
      'Carla,carla@quoted,Igreja A,Louvor,',
      '"Davi ""DJ""",davi@quoted.test,"Igreja A",Louvor,',
    ].join('\n');
    const res = await postImport(w.admin.agent, text, { dryRun: true });
    expect(res.status, res.text).toBe(200);
    expect(res.body.rows).toEqual([
      { line: 2, email: 'ana@quoted.test', action: 'invite', errors: [] },
      { line: 3, email: 'bruno@quoted.test', action: 'invite', errors: [] },
      { line: 7, email: 'carla@quoted', action: 'none', errors: [{ code: 'invalid_email', message: 'E-mail inválido: «carla@quoted».' }] },
      { line: 8, email: 'davi@quoted.test', action: 'invite', errors: [] },
    ]);
  });

  it('refuses a file over 2 MB (413 payload_too_large) and reads one just under it', async () => {
    const before = await writtenCounts(w.t.database);
    const header = 'nome,email,igreja,departamento\n';
    const line = (i: number) => `Pessoa ${i},p${i}@limit.test,Igreja A,Louvor\n`;
    let text = header;
    for (let i = 0; text.length < TEAM_IMPORT_MAX_BYTES - 100; i++) text += line(i);
    const under = await postImport(w.admin.agent, text, { dryRun: true });
    expect(under.status, under.text.slice(0, 200)).toBe(200);
    const over = await postImport(w.admin.agent, `${text}${'x'.repeat(TEAM_IMPORT_MAX_BYTES - text.length + 1)}`);
    expectApiError(over, 413, 'payload_too_large');
    expect(over.body.error.message).toBe('A planilha passa do limite de 2 MB. Divida-a em arquivos menores.');
    expect(await writtenCounts(w.t.database)).toEqual(before);
  });

  it('answers a file it cannot import with 422 invalid_csv, a JSON body and a bad dry_run with 400', async () => {
    const missing = await postImport(w.admin.agent, 'nome;email\nAna;ana@x.test', { dryRun: true });
    expectApiError(missing, 422, 'invalid_csv');
    expect(missing.body.error.message).toBe('O cabeçalho (linha 1) precisa das colunas nome, email, igreja, departamento; faltam: igreja, departamento.');
    expectApiError(await postImport(w.admin.agent, 'nome,email,igreja,departamento\n"Ana,a@x.test,Igreja A,Louvor\n'), 422, 'invalid_csv');
    expectApiError(await postImport(w.admin.agent, ''), 422, 'invalid_csv');
    expectApiError(await w.admin.agent.post('/api/teams/import').send({ rows: [] }), 400, 'invalid_request');
    expectApiError(await postImport(w.admin.agent, 'nome,email,igreja,departamento\nA,a@x.test,Igreja A,Louvor').query({ dry_run: 'sim' }), 400, 'invalid_request');
  });

  it('a team leader imports into the teams they lead only; a member is refused; a visitor must sign in', async () => {
    const text = [
      'nome,email,igreja,departamento,funcoes',
      'Ana,ana@scope.test,Igreja A,Louvor,Vocal',
      'Bia,bia@scope.test,Igreja B,Louvor,Vocal',
      'Caio,caio@scope.test,Igreja A,Infantil,Professor',
    ].join('\n');
    const before = await writtenCounts(w.t.database);
    const res = await postImport(w.teamLeader.agent, text, { dryRun: true });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      rows: [
        { line: 2, email: 'ana@scope.test', action: 'invite', errors: [] },
        {
          line: 3,
          email: 'bia@scope.test',
          action: 'none',
          errors: [{ code: 'forbidden', message: 'Você só pode importar pessoas para as equipes que lidera (não lidera Louvor — Igreja B).' }],
        },
        {
          line: 4,
          email: 'caio@scope.test',
          action: 'none',
          errors: [{ code: 'forbidden', message: 'Você só pode importar pessoas para as equipes que lidera (não lidera Infantil — Igreja A).' }],
        },
      ],
      summary: { invite: 1, add: 0, none: 0, errors: 2 },
    });
    expectApiError(await postImport(w.member.agent, text, { dryRun: true }), 403, 'forbidden');
    expectApiError(await postImport(request.agent(w.t.app), text, { dryRun: true }), 401, 'unauthenticated');
    expect(await writtenCounts(w.t.database)).toEqual(before);
  });

  it('the team leader\'s confirmed import writes their team\'s row and skips the others', async () => {
    const text = ['nome,email,igreja,departamento,funcoes', 'Ana,ana@scope2.test,Igreja A,Louvor,Vocal', 'Bia,bia@scope2.test,Igreja B,Louvor,Vocal'].join('\n');
    const res = await postImport(w.teamLeader.agent, text);
    expect(res.status, res.text).toBe(200);
    expect(res.body.summary).toEqual({ invite: 1, add: 0, none: 0, errors: 1 });
    const invited = await w.t.database.db.selectFrom('invitations').select(['email', 'church_id', 'invited_by']).where('email', 'like', '%@scope2.test').execute();
    expect(invited).toEqual([{ email: 'ana@scope2.test', church_id: w.churchA, invited_by: w.teamLeader.user.id }]);
  });

  describe('CSRF (docs/product.md §4): text/csv passes on POST /api/teams/import only, and only from the same origin', () => {
    const csv = 'nome,email,igreja,departamento\nAna,ana@csrf.test,Igreja A,Louvor\n';
    const expectCsrf = (res: request.Response) => expectApiError(res, 403, 'csrf');

    it('refuses a cross-site import, by Origin or by Sec-Fetch-Site', async () => {
      const before = await writtenCounts(w.t.database);
      expectCsrf(await postImport(w.admin.agent, csv).set('Origin', 'https://evil.example'));
      expectCsrf(await postImport(w.admin.agent, csv).set('Sec-Fetch-Site', 'cross-site'));
      expectCsrf(await postImport(w.admin.agent, csv).set('Sec-Fetch-Site', 'same-site'));
      expect(await writtenCounts(w.t.database)).toEqual(before);
    });

    it('lets a same-origin import through', async () => {
      const host = 'portal.koinonia.example';
      const res = await postImport(w.admin.agent, csv, { dryRun: true }).set('Host', host).set('Origin', `http://${host}`).set('Sec-Fetch-Site', 'same-origin');
      expect(res.status, res.text).toBe(200);
    });

    it('still refuses text/csv anywhere else, and other form types on the import', async () => {
      expectCsrf(await w.admin.agent.post('/api/events').set('Content-Type', 'text/csv').send(csv));
      expectCsrf(await w.admin.agent.post('/api/teams/import/').set('Content-Type', 'text/csv').send(csv));
      expectCsrf(await w.admin.agent.put('/api/teams/import').set('Content-Type', 'text/csv').send(csv));
      expectCsrf(await w.admin.agent.post(`/api/teams/${w.churchA}/${w.louvor}/invitations`).set('Content-Type', 'text/csv').send(csv));
      for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
        const res = await w.admin.agent.post('/api/teams/import').set('Content-Type', type).send(csv);
        expectCsrf(res);
        expect(res.body.error.message).toBe('Envie o corpo da requisição como application/json.');
      }
    });
  });
});
