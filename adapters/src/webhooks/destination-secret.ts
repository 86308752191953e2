/**
 * An alert destination's secret at rest (a webhook's signing secret): sealed under the secrets key, bound
 * to the destination's id, so a sealed secret copied onto another destination does not open there.
 */
import type { SecretBox } from '../secrets/index.ts';

const context = (destinationId: string) => `alert-destination:${destinationId}`;

export function sealDestinationSecret(
  secrets: SecretBox,
  destinationId: string,
  secret: string,
): { secret: string; keyId: string } {
  const sealed = secrets.seal(secret, context(destinationId));
  return { secret: sealed.data, keyId: sealed.keyId };
}

export function openDestinationSecret(
  secrets: SecretBox,
  destination: { id: string; secret: string | null; keyId: string | null },
): string {
  if (!destination.secret || !destination.keyId) throw new Error('the destination has no secret');
  return secrets.open({ keyId: destination.keyId, data: destination.secret }, context(destination.id));
}
