/** Entry of the PayPal return page (`returnUrl`). */
import { returnToPanel } from './return';

returnToPanel('return');
