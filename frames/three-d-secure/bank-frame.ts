/** Entry of the 3D Secure bank frame page. */
import { startBankFrame } from './bank';

startBankFrame();
