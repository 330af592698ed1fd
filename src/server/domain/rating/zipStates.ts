// The zip-to-state table is shared with the portal and the request schemas (src/api/zipStates.ts).
export { isStateCode, stateOfZip } from '../../../api/zipStates';
