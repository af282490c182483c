// Car catalogue tables (issue: car catalogue).
export {};
