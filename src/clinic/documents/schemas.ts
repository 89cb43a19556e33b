// Request schemas of the document endpoints. The upload is multipart/form-data: its fields and
// its file are validated here together, so every problem is named in one 422.
import type { UploadedFile } from '../../core/routes.js';
import { idParam, isoDate, yup } from '../../core/validation.js';
import { optionalText } from '../identity/schemas.js';
import { pageField } from '../pagination.js';
import { fileProblem } from './files.js';

export const DOCUMENT_CATEGORIES = [
  'receipt',
  'lab_report',
  'xray',
  'insurance',
  'prescription',
  'passport',
  'other',
] as const;

export const petParams = yup.object({ pet: idParam() });

export const documentListQuery = yup.object({
  category: yup.string().oneOf([...DOCUMENT_CATEGORIES]),
  page: pageField(),
});

/** The signature is checked by the operation (403), not here: a bad link is not a form error. */
export const downloadQuery = yup.object({
  expires: yup.string().max(20),
  signature: yup.string().max(128),
});

export const uploadDocumentSchema = yup.object({
  file: yup
    .mixed<UploadedFile>()
    .required()
    .test('file-type', function (file) {
      if (!file) return true;
      const problem = fileProblem(file);
      return problem ? this.createError({ message: problem }) : true;
    })
    .meta({ format: 'binary', description: 'pdf, jpg, jpeg, png, heic, webp, doc or docx; at most 10 MB' }),
  category: yup
    .string()
    .transform((v) => (v === '' ? undefined : v))
    .oneOf([...DOCUMENT_CATEGORIES])
    .default('other'),
  title: optionalText(180),
  document_date: isoDate()
    .nullable()
    .transform((v) => (v === '' ? null : v)),
  notes: optionalText(2000),
});
