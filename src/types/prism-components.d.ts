// Prism's grammar files (prismjs/components/prism-*.js) register themselves and ship no declarations.
declare module 'prismjs/components/*.js';
