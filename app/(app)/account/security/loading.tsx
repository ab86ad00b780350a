export { default } from "@/components/shell/route-loading";
