/**
 * Income (staking rewards, interest, airdrops), worked by hand. The rule is the IRS's (Rev. Rul. 2023-14,
 * and Notice 2014-21 Q&A-3 and 8): coins received as a reward are income at their fair market value on
 * the day received, and that value is their basis when they are sold later.
 */
import { describe, expect, it } from 'vitest';
import { gainsToCsv } from '../export/gains-csv.ts';
import { deriveHolding, type HoldingTransaction, type TransactionKind } from './cost-basis.ts';
import { fromDecimal, mul } from './fixed-point.ts';
import { gainsReport, type GainsHolding } from './gains.ts';

let seq = 0;
function tx(kind: TransactionKind, day: string, quantity: string, pricePerCoin: string, fee = '0') {
  seq += 1;
  return { id: `t${seq}`, kind, at: `${day}T12:00:00.000Z`, quantity, pricePerCoin, fee, note: null };
}

const eth = (transactions: HoldingTransaction[]): GainsHolding => ({
  holdingId: 'h-eth',
  symbol: 'ETH',
  name: 'Ethereum',
  transactions,
});

/** 1 ETH bought at 100; 0.5 ETH of staking rewards when ETH was 200 (worth 100); 1 ETH sold at 300. */
const staker = () => [
  tx('buy', '2024-01-10', '1', '100'),
  tx('income', '2024-02-01', '0.5', '200'),
  tx('sell', '2024-03-01', '1', '300'),
];

describe('income in a holding', () => {
  it('acquires coins at their value that day, which is no money invested', () => {
    const result = deriveHolding(staker().slice(0, 2), 'fifo');
    if (!result.ok) throw new Error(result.problem.message);
    // 1.5 coins costing 100 + 0.5 x 200 = 200, so 133.33... each; only the buy's 100 was put in.
    expect(result.holding).toMatchObject({ quantity: '1.5', costBasis: '200', totalInvested: '100' });
    expect(result.holding.averageCost.startsWith('133.333333')).toBe(true);
  });

  it('is the cost basis of the coins when they are sold, by each method', () => {
    // FIFO sells the bought coin (cost 100): gain 200. HIFO sells the rewards first (200 a coin): 0.5 x 200
    // + 0.5 x 100 = 150, gain 150. Average: 1 x 200 / 1.5 = 133.33..., gain 166.66...
    const gain = (method: 'fifo' | 'hifo' | 'average') => {
      const result = deriveHolding(staker(), method);
      if (!result.ok) throw new Error(result.problem.message);
      return result.holding;
    };
    expect(gain('fifo')).toMatchObject({ realisedGain: '200', quantity: '0.5', costBasis: '100' });
    expect(gain('hifo')).toMatchObject({ realisedGain: '150', quantity: '0.5', costBasis: '50' });
    expect(gain('average').realisedGain.startsWith('166.666666')).toBe(true);
    const hifo = gainsReport([eth(staker())], { method: 'hifo', year: 2024 });
    expect(hifo.disposals.map((d) => [d.acquired, d.quantity, d.costBasis, d.gain])).toEqual([
      ['2024-02-01', '0.5', '100', '50'],
      ['2024-01-10', '0.5', '50', '100'],
    ]);
    expect(hifo.realisedGain).toBe('150');
  });
});

describe('the gains report’s income section', () => {
  const btcIncome: GainsHolding = {
    holdingId: 'h-btc',
    symbol: 'BTC',
    name: 'Bitcoin',
    transactions: [
      tx('income', '2023-12-31', '0.001', '40000'),
      tx('income', '2024-02-15', '0.0001', '50000'),
    ],
  };

  it('lists the year’s income by date with its value and total, apart from the trading gains', () => {
    const r = gainsReport([eth(staker()), btcIncome], { method: 'fifo', year: 2024 });
    // ETH: 0.5 x 200 = 100 on Feb 1; BTC: 0.0001 x 50,000 = 5 on Feb 15 (the 2023 reward is last year's).
    expect(r.income.map((l) => [l.received, l.symbol, l.quantity, l.value])).toEqual([
      ['2024-02-01', 'ETH', '0.5', '100'],
      ['2024-02-15', 'BTC', '0.0001', '5'],
    ]);
    expect(r.incomeTotal).toBe('105');
    // The sale's gain is the trading gain alone: 300 - 100 (FIFO), the rewards' 100 not in it.
    expect(r.total).toEqual({ proceeds: '300', costBasis: '100', gain: '200' });
    expect(gainsReport([btcIncome], { method: 'fifo', year: 2023 }).incomeTotal).toBe('40');
  });

  it('converts each income to the display currency with its own day’s rate', () => {
    // 0.9 a dollar on Feb 1, 0.8 on Feb 15: 100 x 0.9 = 90 and 5 x 0.8 = 4.
    const rates: Record<string, string> = { '2024-02-01': '0.9', '2024-02-15': '0.8' };
    const toDisplay = (usd: bigint, day: string) => mul(usd, fromDecimal(rates[day] ?? '1'));
    const r = gainsReport([eth(staker()), btcIncome], { method: 'fifo', year: 2024, toDisplay });
    expect(r.income.map((l) => l.value)).toEqual(['90', '4']);
    expect(r.incomeTotal).toBe('94');
  });

  it('writes the income rows and their total after the Form 8949 rows of the CSV', () => {
    const r = gainsReport([eth(staker()), btcIncome], { method: 'fifo', year: 2024 });
    expect(gainsToCsv(r, 'usd').split('\r\n').slice(1)).toEqual([
      'I,1 ETH,01/10/2024,03/01/2024,300.00,100.00,,,200.00',
      'Income,0.5 ETH,02/01/2024,,,100.00,,,',
      'Income,0.0001 BTC,02/15/2024,,,5.00,,,',
      'Income total,,,,,105.00,,,',
      '',
    ]);
  });
});
