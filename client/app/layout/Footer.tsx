import { Link } from 'react-router';
import { PORTAL_ROUTES } from '../../../shared/portalRoutes.ts';
import { usePublicConfig } from '../publicConfig.ts';
import { Icon, type IconName } from '../../kit/Icon.tsx';

const NETWORKS: Array<{ key: 'instagram' | 'facebook' | 'twitter' | 'youtube'; label: string }> = [
  { key: 'instagram', label: 'Instagram' },
  { key: 'facebook', label: 'Facebook' },
  { key: 'twitter', label: 'Twitter' },
  { key: 'youtube', label: 'YouTube' },
];

export function Footer() {
  const { portalName, social } = usePublicConfig();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <p className="site-footer__about">
          <strong>{portalName}</strong> · Rede de ministérios
        </p>
        {/* LGPD's duty to inform, for visitors too (docs/product.md §1, departure 6). */}
        <Link className="site-footer__privacy" to={PORTAL_ROUTES.privacy}>
          Privacidade
        </Link>
        <ul className="site-footer__social" aria-label="Redes sociais">
          {NETWORKS.map(({ key, label }) => (
            <li key={key}>
              <a
                className="site-footer__social-link"
                href={social[key]}
                aria-label={label}
                title={label}
                target="_blank"
                rel="noopener noreferrer"
              >
                <Icon name={key satisfies IconName} size={20} />
              </a>
            </li>
          ))}
        </ul>
      </div>
    </footer>
  );
}
