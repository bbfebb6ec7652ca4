/**
 * Serverless handlers: AWS Lambda (`exports.handler = async (event, context) =>`; API Gateway bodies,
 * query and path parameters, headers, SQS/S3 records are all in `event`): any exported function whose
 * first parameter is named `event`/`evt` or typed as an event (`APIGatewayProxyEvent`, `SQSEvent`...).
 * Google Cloud Functions and Azure functions take `(req, res)` / `(context, req)` (Express's model).
 */
import type { LibraryModel } from './types.js';

export const model: LibraryModel = {
  id: 'aws-lambda',
  title: 'AWS Lambda and serverless handlers',
  modules: ['aws-lambda', '@types/aws-lambda', 'serverless-http'],
  sources: {
    // A name alone (`exports.handler`) is not enough: yargs command modules export `handler(argv)` too.
    handlers: [
      {
        exportName: '.',
        paramTypes: '^(APIGateway\\w*Event|ALBEvent|SQSEvent|S3Event|SNSEvent|\\w+Event)\\b',
        params: [{ index: 0, kind: 'event' }],
      },
      { exportName: '.', params: [{ index: 0, kind: 'event' }], paramName: '^(event|evt)$' },
    ],
  },
};
