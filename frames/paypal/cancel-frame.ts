/** Entry of the PayPal cancel page (`cancelUrl`). */
import { returnToPanel } from './return';

returnToPanel('cancel');
