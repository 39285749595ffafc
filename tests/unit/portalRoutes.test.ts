import { describe, expect, it } from 'vitest';
import { loginPathFor, portalRouteOf, safeNextPath } from '../../shared/portalRoutes.ts';

describe('the portal’s routes (issue 21)', () => {
  it('knows our routes as the router and Express match them: any letter case, with or without a trailing slash', () => {
    expect(portalRouteOf('/')).toBe('/');
    expect(portalRouteOf('/escalas/lacunas')).toBe('/escalas/lacunas');
    expect(portalRouteOf('/Rede/')).toBe('/rede');
    expect(portalRouteOf('/rede/x')).toBeNull();
    expect(portalRouteOf('/nada')).toBeNull();
    expect(portalRouteOf('/robots.txt')).toBeNull();
  });

  it('the login page that brings back here keeps the path readable and the query whole', () => {
    expect(loginPathFor('/escalas/lacunas')).toBe('/login?next=/escalas/lacunas');
    expect(loginPathFor('/escalas/lacunas?igreja=2&departamento=1')).toBe('/login?next=/escalas/lacunas%3Figreja%3D2%26departamento%3D1');
    expect(new URLSearchParams(loginPathFor('/rede?a=1&b=2#x').split('?')[1]).get('next')).toBe('/rede?a=1&b=2#x');
  });

  it('follows a next that is a route of ours, with its query', () => {
    expect(safeNextPath('/escalas/lacunas')).toBe('/escalas/lacunas');
    expect(safeNextPath('/escalas/lacunas?igreja=2')).toBe('/escalas/lacunas?igreja=2');
    expect(safeNextPath('/events?resposta=abc')).toBe('/events?resposta=abc');
    expect(safeNextPath('/rede#departamentos')).toBe('/rede#departamentos');
  });

  it.each([
    null,
    '',
    '//evil.example',
    '//evil.example/rede',
    '///evil.example/rede',
    '/\\evil.example',
    '/\t/evil.example/rede',
    'https://evil.example/rede',
    'http:/rede',
    'javascript:alert(1)',
    'rede',
    '/nada',
    '/rede/x',
    '/login',
    '/login?next=/rede',
  ])('refuses %j', (next) => {
    expect(safeNextPath(next)).toBeNull();
  });
});
