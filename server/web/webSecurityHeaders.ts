import type { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * What a page of the portal may use of the browser: none of these (it needs no camera, place or payment), so a
 * script that got in could not ask for them either (OWASP Secure Headers).
 */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'screen-wake-lock',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

const strictTransportSecurity = helmet.strictTransportSecurity();

/**
 * The web host's headers beside helmet's: Permissions-Policy on every answer, and HSTS on every answer that came
 * over HTTPS — pages, assets, the manifest and sw.js as well as `/api` (the API sends its own). `req.secure`
 * believes X-Forwarded-Proto only from TRUST_PROXY; over plain HTTP (a church's LAN) HSTS means nothing and could
 * lock browsers out if a proxy later got HTTPS wrong.
 */
export const webSecurityHeaders: RequestHandler = (req, res, next) => {
  res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
  if (!req.secure) return next();
  strictTransportSecurity(req, res, next);
};
