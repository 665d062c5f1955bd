/**
 * 3D Secure authentication-complete frame: the gateway redirects the bank frame here with the
 * channel in the query; it joins the channel and reports ready. Passing on the answer arrives with 3D Secure.
 */
import { joinChannel } from '../shared/join-channel';

joinChannel('three-d-secure-complete', 'query');
