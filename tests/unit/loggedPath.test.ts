import { describe, expect, it } from 'vitest';
import { loggedPath } from '../../server/http/requestLogger.ts';

describe('the path a request log line shows', () => {
  it('never carries the token of an e-mailed answer, password-reset or unsubscribe link', () => {
    expect(loggedPath('/api/responses/q7Vd0JxT-3sY9kLw2mZ8bN4cR1eF6gH5')).toBe('/api/responses/:token');
    expect(loggedPath('/api/auth/password-reset/q7Vd0JxT-3sY9kLw2mZ8bN4cR1eF6gH5')).toBe('/api/auth/password-reset/:token');
    expect(loggedPath('/api/unsubscribe/42.q7Vd0JxT-3sY9kLw2mZ8bN4cR1eF6gH5')).toBe('/api/unsubscribe/:token');
  });

  it('masks by the route, whatever follows the token or however the route is spelled (issue 25, item 7)', () => {
    for (const path of [
      '/api/responses/q7Vd0JxT/',
      '/api/responses/q7Vd0JxT/more/segments',
      '/API/Responses/q7Vd0JxT',
      '//api//responses/q7Vd0JxT',
      '/api/%72esponses/q7Vd0JxT',
      '/api/responses%2Fq7Vd0JxT',
    ]) {
      expect(loggedPath(path)).toBe('/api/responses/:token');
    }
    expect(loggedPath('/api/auth/password-reset/q7Vd0JxT/')).toBe('/api/auth/password-reset/:token');
    expect(loggedPath('/api/responses/%E0%A4%A')).toBe('/api/responses/:token');
  });

  it('never carries the query string, where the calendar feed token goes', () => {
    expect(loggedPath('/api/me/calendar.ics?token=abc123')).toBe('/api/me/calendar.ics');
  });

  it('keeps every other path as it is', () => {
    expect(loggedPath('/api/events/12/allocations')).toBe('/api/events/12/allocations');
    expect(loggedPath('/api/auth/password-reset')).toBe('/api/auth/password-reset');
    expect(loggedPath('/api/allocations/3/response')).toBe('/api/allocations/3/response');
  });
});
