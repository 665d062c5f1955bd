/** Hosted-fields frame: joins its panel's channel and reports ready. The card input arrives with the card sheet. */
import { joinChannel } from '../shared/join-channel';

joinChannel('hosted-fields');
