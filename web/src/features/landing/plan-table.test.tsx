/** The landing page's plans and the pricing modal's cards both come from domain's one plan table. */
import { EVERY_PLAN_INCLUDES, PLANS, type PlanView } from '@coinpace/domain';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PlanCard } from '../billing/PlanCard.tsx';
import { PlansOverview } from './PlansOverview.tsx';

afterEach(cleanup);

const linesOf = (card: HTMLElement) =>
  within(card)
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('one plan table', () => {
  it('the landing page and the pricing cards list the same features, the $5.99 plan every alert kind', () => {
    render(<PlansOverview />);
    const landing = screen.getAllByRole('article').map(linesOf);
    cleanup();
    const cards = PLANS.map((plan) => {
      const view: PlanView = {
        ...plan,
        priceId: `local_${plan.id}`,
        features: { ...plan.features, additionalFeatures: [...plan.features.additionalFeatures] },
      };
      render(<PlanCard plan={view} busy={false} disabled={false} current={false} onChoose={() => {}} />);
      const lines = linesOf(screen.getByRole('article'));
      cleanup();
      return lines;
    });
    expect(landing).toEqual(PLANS.map((plan) => [...plan.features.additionalFeatures]));
    expect(cards).toEqual(landing);
    const basic = landing[PLANS.findIndex((plan) => plan.price === 5.99)]!;
    expect(basic).toEqual(expect.arrayContaining([...EVERY_PLAN_INCLUDES]));
    expect(basic.some((line) => /watch-list/i.test(line!))).toBe(true);
    expect(basic.some((line) => /whole-portfolio/i.test(line!))).toBe(true);
    for (const dearer of landing.slice(1))
      expect(dearer.some((line) => /watch-list|whole-portfolio/i.test(line!))).toBe(false);
  });
});
