import { Link } from 'react-router';
import { PORTAL_ROUTES } from '../../../shared/portalRoutes.ts';
import { usePublicConfig } from '../../app/publicConfig.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import './PrivacyPage.css';

/**
 * /privacidade: what the portal keeps about a person, why, for how long, who sees it and how to take it or leave
 * (docs/product.md §11), with the portal's name and RETENTION_DAYS from the configuration. Open to everyone: LGPD's
 * duty to inform (Art. 9) comes before anyone registers (docs/product.md §1, departure 6).
 */
export function PrivacyPage() {
  const { portalName, retentionDays } = usePublicConfig();
  useDocumentTitle('Privacidade');
  return (
    <article className="privacy" aria-labelledby="privacidade-titulo">
      <h1 id="privacidade-titulo" className="privacy__title">
        Privacidade no {portalName}
      </h1>
      <p className="privacy__lead">
        O {portalName} organiza as escalas dos ministérios da rede. Participar de uma igreja revela convicção religiosa, um
        dado pessoal sensível pela Lei Geral de Proteção de Dados (LGPD, Lei 13.709/2018, art. 5º, II, e art. 11). Por isso
        o portal guarda só o que as escalas precisam, mostra a cada pessoa só o que ela precisa ver e deixa você levar seus
        dados ou sair quando quiser.
      </p>

      <section aria-labelledby="privacidade-guarda">
        <h2 id="privacidade-guarda">O que o portal guarda</h2>
        <ul>
          <li>
            <strong>Sua conta:</strong> nome, e-mail, a senha (só um resumo criptográfico, nunca a senha em si), o telefone se você
            informar e suas preferências de aviso.
          </li>
          <li>
            <strong>Equipes e funções:</strong> as equipes (igreja e departamento) em que você serve, as funções que pode exercer e
            se você lidera alguma delas.
          </li>
          <li>
            <strong>Escalas e respostas:</strong> os serviços para os quais você foi escalado, sua resposta (confirmado ou recusado) e
            o motivo que você escreveu ao recusar.
          </li>
          <li>
            <strong>Disponibilidade:</strong> os dias em que você avisou que não pode servir, com a observação que escreveu.
          </li>
          <li>
            <strong>Sessões e aparelhos:</strong> quando você entrou, de qual navegador ou aparelho e quando usou o portal pela última
            vez.
          </li>
          <li>
            <strong>Mensagens enviadas:</strong> os e-mails que o portal mandou para você (convites, lembretes, avisos), com o tipo, o
            horário e se foram entregues.
          </li>
        </ul>
      </section>

      <section aria-labelledby="privacidade-porque">
        <h2 id="privacidade-porque">Para quê</h2>
        <p>
          Para montar as escalas das equipes de que você participa, avisar você dos seus serviços, saber quem pode servir em
          cada dia e manter sua conta segura. Nada disso é usado para propaganda nem repassado a terceiros.
        </p>
      </section>

      <section aria-labelledby="privacidade-tempo">
        <h2 id="privacidade-tempo">Por quanto tempo</h2>
        <p>
          Os motivos de recusa, as observações dos dias em que você não pode servir e o conteúdo das mensagens já enviadas são
          apagados automaticamente <strong>{retentionDays} dias</strong> depois do evento ou do dia a que se referem. A conta, as
          equipes e o histórico de escalas ficam enquanto a conta existir.
        </p>
      </section>

      <section aria-labelledby="privacidade-quem-ve">
        <h2 id="privacidade-quem-ve">Quem vê o quê</h2>
        <ul>
          <li>Os outros membros veem só o seu nome (por exemplo, em “Quem serve comigo”).</li>
          <li>Seu e-mail e seu telefone: você, os líderes das equipes de que você participa e os administradores da rede.</li>
          <li>
            Seus motivos de recusa e as observações da sua disponibilidade: você, os líderes da equipe envolvida e os
            administradores da rede.
          </li>
          <li>Quem não entrou no portal não vê dados pessoais de ninguém.</li>
        </ul>
      </section>

      <section aria-labelledby="privacidade-direitos">
        <h2 id="privacidade-direitos">Seus dados, suas decisões</h2>
        <p>
          Na <Link to={PORTAL_ROUTES.login}>página da sua conta</Link>, depois de entrar:
        </p>
        <ul>
          <li>
            <strong>“Baixar meus dados”</strong> gera um arquivo com tudo o que o portal guarda sobre você.
          </li>
          <li>
            <strong>“Excluir minha conta”</strong> (a senha é pedida de novo) apaga seu nome, e-mail, telefone e senha, encerra suas
            sessões, tira você das escalas futuras (os líderes são avisados), apaga seus motivos, observações e dias bloqueados, e
            deixa as escalas passadas sem identificação. Seu e-mail pode ser cadastrado de novo depois.
          </li>
        </ul>
        <p>Se preferir, peça a um administrador da rede: ele pode fazer o mesmo por você.</p>
      </section>
    </article>
  );
}
