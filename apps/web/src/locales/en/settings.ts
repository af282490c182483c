/** Settings (only the texts converted so far: the language choice under Account). */
export default {
  language: {
    title: 'Language',
    intro: 'The language of the site, and of the emails and notices it sends you.',
    label: 'Preferred language',
  },
} as const;
