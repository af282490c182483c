/// <reference types="vite/client" />

/** The frontend version, fixed at build time (APP_VERSION or package version + '-dev'). */
declare const __APP_VERSION__: string;
