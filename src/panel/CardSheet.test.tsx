import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import type { GatewayClient } from '../client';
import { createError } from '../shared/errors';
import { CardSheet } from './CardSheet';

const failure = createError('INCOMPATIBLE_VERSIONS', {
  clientVersion: '1.9.2',
  component: 'hosted-fields',
  componentVersion: '1.9.1',
});

vi.mock('../methods/hosted-fields', () => ({
  createHostedFields: vi.fn(() => Promise.reject(failure)),
}));

const client = {
  authorization: { guest: true },
  configuration: {
    gatewayConfiguration: {
      challenges: ['cvv'],
      creditCards: { supportedCardTypes: ['Visa', 'American Express'] },
    },
  },
} as unknown as GatewayClient;

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('CardSheet', () => {
  it('shows the accepted cards and the fields the configuration asks for', async () => {
    const container = document.createElement('div');
    await act(async () => {
      createRoot(container).render(
        <CardSheet client={client} onRequestableChange={vi.fn()} onHandle={vi.fn()} onError={vi.fn()} />,
      );
      await Promise.resolve();
    });
    const brands = [...container.querySelectorAll('.accepted-cards li')].map((li) =>
      li.getAttribute('data-brand'),
    );
    expect(brands).toEqual(['visa', 'american-express']);
    expect(container.querySelector('[part~="field-cvv"]')).not.toBeNull();
    expect(container.querySelector('[part~="field-postalCode"]')).toBeNull();
  });

  it('reports card fields that cannot be created and offers no handle', async () => {
    const onError = vi.fn();
    const onHandle = vi.fn();
    const container = document.createElement('div');
    await act(async () => {
      createRoot(container).render(
        <CardSheet client={client} onRequestableChange={vi.fn()} onHandle={onHandle} onError={onError} />,
      );
      await Promise.resolve();
    });
    expect(onError).toHaveBeenCalledWith(failure);
    expect(onHandle.mock.calls.every(([handle]) => handle === null)).toBe(true);
    expect(container.querySelector('[part="sheet-error"]')?.textContent).toBe(
      'Something went wrong on our end.',
    );
  });
});
