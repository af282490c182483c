import { PLUGIN_MESSAGES } from '@bm/core';

/** Texts of the create-plugin form (dialog and /plugins/new); tests import what the screen shows. */
export const CREATE_PLUGIN_TEXT = {
  title: 'Create Plugin',
  intro: 'Start a new plugin. You can add tags, a banner and the source code on its manage page.',
  name: 'Plugin Name',
  namePlaceholder: 'My awesome plugin',
  shortDescription: 'Short Description',
  shortDescriptionHint: 'One or two sentences shown on the plugin card.',
  homepage: 'Homepage URL',
  sourceCodeUrl: 'Source Code URL',
  description: 'Description',
  descriptionHint: 'Markdown is supported.',
  optional: '(optional)',
  counter: (n: number, max: number) => `${n}/${max}`,
  submit: 'Create Plugin',
  creating: 'Creating...',
  cancel: 'Cancel',
  created: 'Plugin created',
  createFailed: PLUGIN_MESSAGES.createFailed,
} as const;
