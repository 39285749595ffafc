import { defineConfig, mergeConfig, type Plugin } from 'vite';
import repositoryConfig from '../../../vite.config.ts';

/**
 * "The next release", for the update test (tests/e2e/phone/appUpdate.test.ts): the repository's build with one
 * statement more in the entry, so the scripts' hashes, the service worker's precache manifest and the pages'
 * script tags all change as a real deploy changes them. The statement names the release on `globalThis`.
 */
const nextRelease: Plugin = {
  name: 'koinonia-e2e:next-release',
  enforce: 'pre',
  transform(code, id) {
    if (!id.endsWith('/client/main.tsx')) return null;
    return { code: `${code}\n(globalThis as { koinoniaRelease?: string }).koinoniaRelease = 'next';\n`, map: null };
  },
};

export default defineConfig((env) => mergeConfig(repositoryConfig(env), { plugins: [nextRelease] }));
