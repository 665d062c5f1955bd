/** Entry of the 3D Secure authentication-complete page. */
import { reportAuthentication } from './complete';

reportAuthentication();
