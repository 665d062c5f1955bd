/**
 * Hosted-fields frame: one card input. Reads its field from the URL hash, joins the panel's
 * channel, and stays inert for an unknown field.
 */
import { isFieldKey } from '../../src/shared/hosted-fields';
import { joinChannel } from '../shared/join-channel';
import { startHostedField } from './frame';
import { openSiblings } from './siblings';

const field = new URLSearchParams(location.hash.slice(1)).get('field');
if (isFieldKey(field)) {
  const channel = joinChannel('hosted-fields', 'hash', { field });
  if (channel !== null) {
    const hostedField = startHostedField({
      field,
      document,
      send: (message) => {
        channel.send(message);
      },
      siblings: openSiblings(channel.params.channel),
    });
    channel.listen(hostedField.handle);
  }
}
