import { describe, expect, it } from 'vitest';
import { routeAt } from '../../src/ui/layouts/WhereYouAre';

// The header names the screen the path opens, from the route table, not "Home" on every screen.
describe('where you are', () => {
  it.each([
    ['/', 'home'],
    ['/policies', 'policies'],
    ['/policies/42', 'policy'],
    ['/admin/entities/add', 'admin-entity-add'],
    ['/admin/entities/7', 'admin-entity'],
    ['/quotes/journey/rating-info', 'quote-journey-rating'],
    ['/quotes/journey/rating-info/3f1c9a2e-8d4b-4c7e-9a1f-2b3c4d5e6f70', 'quote-journey-rating'],
    ['/renters/customers/3/policies/1001', 'renters-policy'],
  ])('%s is the %s screen', (path, id) => {
    expect(routeAt(path)?.id).toBe(id);
  });

  it('knows no screen for a path the table does not have', () => {
    expect(routeAt('/no/such/screen')).toBeNull();
  });
});
