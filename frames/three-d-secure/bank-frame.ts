/** 3D Secure bank frame: joins its panel's channel and reports ready. The bank form arrives with 3D Secure. */
import { joinChannel } from '../shared/join-channel';

joinChannel('three-d-secure-bank');
