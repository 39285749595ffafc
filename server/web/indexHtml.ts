import fs from 'node:fs';
import path from 'node:path';
import { PUBLIC_CONFIG_ELEMENT_ID, type PublicConfig } from '../../shared/publicConfig.ts';
import type { Config } from '../platform/config.ts';

export function publicConfigOf(config: Config): PublicConfig {
  return { portalName: config.portalName, timeZone: config.timeZone, social: config.social, retentionDays: config.retentionDays };
}

/** JSON that is safe inside a <script> element: no `<` can close it. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** A page of the build with the public configuration written into its head. */
export function withPublicConfig(html: string, config: Config): string {
  const block = `<script type="application/json" id="${PUBLIC_CONFIG_ELEMENT_ID}">${scriptSafeJson(publicConfigOf(config))}</script>`;
  if (!html.includes('</head>')) throw new Error('index.html sem </head>');
  // A function, not a string, as the replacement: `$&`, `$'` … in a configured value must stay literal.
  return html.replace('</head>', () => `${block}\n  </head>`);
}

/** The built index.html with the public configuration written in, read once at start. */
export function renderIndexHtml(clientDir: string, config: Config): string {
  return withPublicConfig(fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8'), config);
}
