export default function Page() {
	return <h1 className="text-xl">Hi</h1>;
}
