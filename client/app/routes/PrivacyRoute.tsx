import { PrivacyPage } from '../../features/privacy/PrivacyPage.tsx';

/** /privacidade: the privacy notice, for everyone (docs/product.md §1, departure 6). */
export function PrivacyRoute() {
  return <PrivacyPage />;
}
