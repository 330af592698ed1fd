import { z } from 'zod';

// Plain-language messages for zod's generic issues, shared by the server's 422 answers and the portal's
// forms. Schemas that give their own message keep it.
z.config({
  customError: (issue) => {
    switch (issue.code) {
      case 'invalid_type':
        if (issue.input === undefined || issue.input === null) return 'This field is required.';
        if (issue.expected === 'array') return 'This field must be a list.';
        return `This field must be ${/^[aeiou]/.test(issue.expected) ? 'an' : 'a'} ${issue.expected}.`;
      case 'too_small':
        if (issue.origin === 'string' && issue.minimum === 1) return 'This field is required.';
        if (issue.origin === 'string') return `This field must be at least ${issue.minimum} characters.`;
        return `This field must be at least ${issue.minimum}.`;
      case 'too_big':
        if (issue.origin === 'string')
          return `This field may not be greater than ${issue.maximum} characters.`;
        return `This field may not be greater than ${issue.maximum}.`;
      case 'invalid_format':
        return 'This field has an invalid format.';
      case 'invalid_value':
        return 'The selected value is invalid.';
      default:
        return undefined;
    }
  },
});
