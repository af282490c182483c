// Plugin catalogue tables (issue: plugin catalogue).
export {};
