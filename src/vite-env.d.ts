// The first script's entry imports this virtual module for its side effect (build/modules.ts).
declare module 'virtual:payment-panel/core-namespace';
