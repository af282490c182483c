import { PLUGIN_MESSAGES } from '@bm/core';

/** The create-plugin form (the dashboard's dialog and /plugins/new). */
export default {
  title: 'Create Plugin',
  intro: 'Start a new plugin. You can add tags, a banner and the source code on its manage page.',
  name: 'Plugin Name',
  namePlaceholder: 'My awesome plugin',
  shortDescription: 'Short Description',
  shortDescriptionHint: 'One or two sentences shown on the plugin card.',
  homepage: 'Homepage URL',
  sourceCodeUrl: 'Source Code URL (optional)',
  description: 'Description (optional)',
  descriptionHint: 'Markdown is supported.',
  counter: '{length}/{max}',
  submit: 'Create Plugin',
  creating: 'Creating...',
  cancel: 'Cancel',
  created: 'Plugin created',
  createFailed: PLUGIN_MESSAGES.createFailed,
  /** Core's checks of the fields (PLUGIN_MESSAGES), with their limits. */
  errors: {
    nameRequired: PLUGIN_MESSAGES.nameRequired,
    nameTooLong: 'Plugin name cannot exceed {max} characters',
    shortDescriptionTooLong: 'Short description cannot exceed {max} characters',
    descriptionTooLong: 'Description cannot exceed {max} characters',
    homepageInvalid: PLUGIN_MESSAGES.homepageInvalid,
    sourceCodeUrlInvalid: PLUGIN_MESSAGES.sourceCodeUrlInvalid,
  },
} as const;
