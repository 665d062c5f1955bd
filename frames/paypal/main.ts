/** Entry of the PayPal landing page. */
import { land } from './landing';

land();
