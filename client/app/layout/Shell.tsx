import { useRef } from 'react';
import { Outlet } from 'react-router';
import { OfflineBanner } from '../../kit/offline/OfflineBanner.tsx';
import { StatusMessage } from '../../kit/status/StatusMessage.tsx';
import { usePublicConfig } from '../publicConfig.ts';
import { AfterRegistration } from './AfterRegistration.tsx';
import { Footer } from './Footer.tsx';
import { MainNav } from './MainNav.tsx';
import { TopBar } from './TopBar.tsx';
import './Shell.css';

/** The public shell around every page: top bar, main navigation, the page, the status message, footer. */
export function Shell() {
  const { timeZone } = usePublicConfig();
  const mainRef = useRef<HTMLElement>(null);
  return (
    <div className="shell">
      <a className="shell__skip-link" href="#conteudo">
        Pular para o conteúdo
      </a>
      <header className="shell__header">
        <TopBar />
        <MainNav />
      </header>
      <OfflineBanner timeZone={timeZone} />
      <main ref={mainRef} id="conteudo" className="shell__main" tabIndex={-1}>
        <AfterRegistration />
        <Outlet />
      </main>
      <StatusMessage focusAfterClose={mainRef} />
      <Footer />
    </div>
  );
}
