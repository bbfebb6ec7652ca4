/**
 * Serverless handlers: AWS Lambda (`exports.handler = async (event, context) =>`; API Gateway bodies,
 * query and path parameters, headers, SQS/S3 records are all in `event`), and any exported function
 * whose first parameter is named `event`. Google Cloud Functions take `(req, res)` (Express's model).
 */
import type { LibraryModel } from './types.js';

export const model: LibraryModel = {
  id: 'aws-lambda',
  title: 'AWS Lambda and serverless handlers',
  modules: ['aws-lambda', '@types/aws-lambda', 'serverless-http'],
  sources: {
    handlers: [
      { exportName: '(^|[a-z_])[Hh]andler$|^handler$|^main$', params: [{ index: 0, kind: 'event' }] },
      { exportName: '.', paramTypes: '^(APIGateway\\w*Event|ALBEvent|SQSEvent|S3Event|SNSEvent|\\w+Event)\\b', params: [{ index: 0, kind: 'event' }] },
      { exportName: '.', params: [{ index: 0, kind: 'event' }], paramName: '^(event|evt)$' },
    ],
  },
};
