import { usePublicConfig } from '../../app/publicConfig.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import './HomePage.css';

export function HomePage() {
  const { portalName } = usePublicConfig();
  useDocumentTitle();
  return (
    <section className="home">
      <h1 className="home__title">Welcome to {portalName}</h1>
      <p className="home__text">This is a placeholder content for the container.</p>
    </section>
  );
}
