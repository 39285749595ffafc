import { useEffect } from 'react';
import { usePublicConfig } from './publicConfig.ts';

/** `Eventos · Koinonia`; the portal name alone when no page title is given. */
export function useDocumentTitle(pageTitle?: string): void {
  const { portalName } = usePublicConfig();
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} · ${portalName}` : portalName;
  }, [pageTitle, portalName]);
}
