# One image for both services; docker-compose.yml picks the command.
FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json .npmrc codegen.ts tsconfig.json ./
COPY schema ./schema
COPY domain/package.json domain/
COPY upstream/package.json upstream/
COPY gateway/package.json gateway/
COPY web/package.json web/
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY . .
RUN npm run build
ENV NODE_ENV=production
EXPOSE 4000 4010
CMD ["npm", "start"]
